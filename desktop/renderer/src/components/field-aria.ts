/**
 * What antd's Form.Item hands the control it wraps so that a screen reader reads the field
 * (WCAG 2.1 1.3.1, 3.3.1): the id its <label> points to, the id of the error under it, whether it
 * is wrong or required. A field component that wraps an antd control passes these on to it;
 * aria-label names a control that stands without a label (a filter above a table).
 */
export type FieldAriaProps = {
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
};
