// @duly/shared/form-kit: the UI kit's form parts (issue 32): the form and its actions, the
// fields, formik's bindings, the password and sign-in fields, the person select and the create
// screen. A form screen (a remote's lazily loaded create or edit screen, the sign-in pages)
// imports this and `@duly/shared/kit` instead of `/ui`, which would also download the import
// screen, the documents and the dialogs. The shell files these in a small file of their own
// (`form-kit`). The same modules as `/ui`'s.
export { Form, type FormProps } from '../ui/form/Form';
export { FormActions } from '../ui/form/FormActions';
export { type FieldProps } from '../ui/form/Field';
export {
  NumberField,
  TextField,
  type NumberFieldProps,
  type TextFieldProps,
} from '../ui/form/TextField';
export { TextArea, type TextAreaProps } from '../ui/form/TextArea';
export { Select, type SelectProps, type SelectOption } from '../ui/form/Select';
export { PersonSelect, type PersonSelectProps, type PersonChoice } from '../ui/form/PersonSelect';
export { DateField, type DateFieldProps } from '../ui/form/DateField';
export { DateTimeField, type DateTimeFieldProps } from '../ui/form/DateTimeField';
export { SignInFields } from '../ui/form/SignInFields';
export { FormikForm, type FormikFormProps } from '../ui/form/FormikForm';
export { bindField, bindState, fieldError } from '../ui/form/fieldError';
export {
  PasswordFields,
  type PasswordFieldsProps,
  type PasswordFieldSpec,
} from '../ui/form/PasswordFields';
export { useFormReadOnly } from '../ui/form/readOnly';
export { CreateScreen, type CreateScreenProps } from '../ui/screen/CreateScreen';
