import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test-helpers.test-support';
import { examPaperOrderSchema, examPaperSchema } from './exam-paper';

const valid = {
  postId: '३',
  testType: 'written',
  paperType: 'objective',
  subjectNameEn: 'General Knowledge',
  subjectNameNp: 'सामान्य ज्ञान',
  fullMarks: '१००',
  passMarks: '४०',
  durationMinutes: '४५',
  examOption: 'compulsory',
};

describe('exam paper schema (spec §3 Paper configuration)', () => {
  it('reads Devanagari digits in every number and leaves the group and optional subject empty', () => {
    expect(examPaperSchema.parse(valid)).toEqual({
      postId: 3,
      serviceGroupId: null,
      testType: 'written',
      paperType: 'objective',
      subjectNameEn: 'General Knowledge',
      subjectNameNp: 'सामान्य ज्ञान',
      fullMarks: 100,
      passMarks: 40,
      durationMinutes: 45,
      examOption: 'compulsory',
      optionalSubjectId: null,
    });
    expect(examPaperSchema.parse({ ...valid, serviceGroupId: '', passMarks: 0 }).passMarks).toBe(0);
  });

  it('refuses marks and durations outside their ranges, in both languages', () => {
    expect(messagesOf(examPaperSchema, { ...valid, fullMarks: '0', passMarks: '0', durationMinutes: '६०१' })).toEqual({
      fullMarks: ['The number must be at least 1.'],
      durationMinutes: ['The number must be at most 600.'],
    });
    expect(messagesOf(examPaperSchema, { ...valid, fullMarks: '1001' }, 'ne').fullMarks).toEqual(['सङ्ख्या बढीमा १००० हुनुपर्छ।']);
  });

  it('refuses pass marks above the full marks', () => {
    expect(messagesOf(examPaperSchema, { ...valid, passMarks: '१०१' })).toEqual({ passMarks: ['The pass marks cannot be more than the full marks.'] });
    expect(messagesOf(examPaperSchema, { ...valid, passMarks: '100' })).toEqual({});
    expect(messagesOf(examPaperSchema, { ...valid, passMarks: '१०१' }, 'ne')).toEqual({ passMarks: ['उत्तीर्णाङ्क पूर्णाङ्कभन्दा बढी हुन सक्दैन।'] });
  });

  it('asks an optional paper for its subject and refuses one on a compulsory paper', () => {
    expect(messagesOf(examPaperSchema, { ...valid, examOption: 'optional' }).optionalSubjectId).toEqual(['Please choose the optional subject this paper examines.']);
    expect(messagesOf(examPaperSchema, { ...valid, examOption: 'optional', optionalSubjectId: '५' })).toEqual({});
    expect(messagesOf(examPaperSchema, { ...valid, optionalSubjectId: 5 }).optionalSubjectId).toEqual(['Only an optional paper names an optional subject.']);
  });

  it('refuses an unknown test type, paper type or option and a name with a surrounding space', () => {
    const messages = messagesOf(examPaperSchema, { ...valid, testType: 'essay', paperType: 'x', examOption: 'maybe', subjectNameEn: ' GK' });
    expect(Object.keys(messages).sort()).toEqual(['examOption', 'paperType', 'subjectNameEn', 'testType']);
  });

  it('reads a new order of paper ids typed in either script', () => {
    expect(examPaperOrderSchema.parse({ postId: 3, paperIds: ['२', 1] })).toEqual({ postId: 3, serviceGroupId: null, paperIds: [2, 1] });
    expect(messagesOf(examPaperOrderSchema, { postId: 3, paperIds: [] }).paperIds).toEqual(['This field is required.']);
  });
});
