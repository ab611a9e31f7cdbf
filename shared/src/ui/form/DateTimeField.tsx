import { TextField, type TextFieldProps } from './TextField';

export type DateTimeFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A labelled date and time (`<input type="datetime-local">`, value `yyyy-MM-ddTHH:mm`), read in
 * Asia/Kolkata by the contract's `kolkataInputToIso`.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  return <TextField {...props} type="datetime-local" />;
}
