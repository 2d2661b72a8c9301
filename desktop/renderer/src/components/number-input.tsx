import { InputNumber, type InputNumberProps } from 'antd';
import { useLanguage } from '../i18n/use-language';
import { formatNumberText, parseNumberText } from './number-text';

type NumberInputProps = Omit<InputNumberProps<number>, 'formatter' | 'parser' | 'stringMode'>;

/**
 * The workstation's one number field: accepts Latin and Devanagari digits (५ is 5), shows the
 * number in Devanagari digits in Nepali. The value is a plain number.
 */
export function NumberInput(props: NumberInputProps) {
  const { language } = useLanguage();
  return (
    <InputNumber<number>
      inputMode="numeric"
      {...props}
      formatter={(value, info) => formatNumberText(value, language, info)}
      // InputNumber reads the parser's answer as decimal text: an emptied field is then empty, not 0.
      parser={(text) => parseNumberText(text) as unknown as number}
    />
  );
}
