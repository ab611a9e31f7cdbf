import { TextField, type TextFieldProps } from './TextField';

export type DateFieldProps = Omit<TextFieldProps, 'type'>;

/** A labelled calendar date (`<input type="date">`, value `YYYY-MM-DD`). */
export function DateField(props: DateFieldProps) {
  return <TextField {...props} type="date" />;
}
