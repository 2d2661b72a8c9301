import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { lookUpResult, type CandidateResult } from '../../api/results-api';
import { dateFieldOf, DualDateInput, toDatePair, useFieldErrors, type DualDateValue } from '../../components';
import { resultLookupSchema } from '../../core-forms';
import { useFormat } from '../../hooks/use-format';
import { PUBLISHED_RESULTS_PATH } from './published-results-page';
import { ResultCard } from './result-card';
import './results.css';

// The public result lookup: anyone with a roll number and the date of birth of its holder sees
// that one published result (the API answers nothing else, and refuses a guesser). The date is
// typed in B.S. or A.D. as registration takes it; both fields are required.

type LookupFields = { rollNumber: string; dateOfBirth: DualDateValue | null };

const fieldOf = (path: string) => dateFieldOf(path, ['dateOfBirth']);

export default function ResultLookupPage() {
  const { t } = useFormat();
  const [form] = Form.useForm<LookupFields>();
  const fieldErrors = useFieldErrors(fieldOf);
  const [isSearching, setIsSearching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [items, setItems] = useState<CandidateResult[] | null>(null);

  async function submit() {
    const values = form.getFieldsValue();
    const body = { rollNumber: values.rollNumber ?? '', ...toDatePair('dateOfBirth', values.dateOfBirth) };
    const parsed = resultLookupSchema.safeParse(body);
    setItems(null);
    setFailure(null);
    if (!parsed.success) {
      fieldErrors.showSchemaError(parsed.error);
      return;
    }
    fieldErrors.clearAll();
    setIsSearching(true);
    try {
      const result = await lookUpResult(body);
      if (result.ok) setItems(result.data.items);
      else if (result.errors) fieldErrors.showServerErrors(result.errors);
      else setFailure(result.message);
    } finally {
      setIsSearching(false);
    }
  }

  return (
    <section className="results-page" aria-labelledby="result-lookup-title" data-testid="result-lookup">
      <h1 id="result-lookup-title" className="page-title">
        {t('resultLookup.title')}
      </h1>
      <p className="muted">{t('resultLookup.intro')}</p>
      <p>
        <Link to={PUBLISHED_RESULTS_PATH} data-testid="lookup-published-link">
          {t('resultLookup.publishedLink')}
        </Link>
      </p>
      <Form form={form} layout="vertical" onFinish={() => void submit()} requiredMark={false} initialValues={{ rollNumber: '', dateOfBirth: null }}>
        <Form.Item<LookupFields> label={t('resultLookup.rollNumber')} name="rollNumber" required {...fieldErrors.itemProps('rollNumber')}>
          <Input inputMode="numeric" autoComplete="off" maxLength={20} data-testid="lookup-roll" />
        </Form.Item>
        <Form.Item<LookupFields> label={t('resultLookup.dateOfBirth')} name="dateOfBirth" required {...fieldErrors.itemProps('dateOfBirth')}>
          <DualDateInput name={t('resultLookup.dateOfBirth')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isSearching} data-testid="lookup-submit">
          {isSearching ? t('resultLookup.searching') : t('resultLookup.submit')}
        </Button>
      </Form>
      {failure ? <Alert className="result-lookup__outcome" type="warning" showIcon title={failure} role="alert" data-testid="lookup-failure" /> : null}
      {items ? (
        <div className="result-lookup__outcome" data-testid="lookup-results">
          {items.map((item) => (
            <ResultCard key={`${item.advertisementCode}-${item.rollNumber}`} result={item} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
