import * as formKit from '@duly/shared/form-kit';
import * as kit from '@duly/shared/kit';
import * as ui from '@duly/shared/ui';

// `@duly/shared/kit` (issue 32) is the part of the UI kit list and detail screens render: the
// same modules as `/ui` (one theme, one toast host, one table), without the screens and parts
// that only some screens need, which load with `/ui`.
describe('@duly/shared/kit', () => {
  it('exports the very objects `/ui` exports under the same names', () => {
    const names = Object.keys(kit);
    expect(names.length).toBeGreaterThan(50);
    const differing = names.filter(
      (name) => (ui as Record<string, unknown>)[name] !== (kit as Record<string, unknown>)[name],
    );
    expect(differing).toEqual([]);
  });

  it('leaves out what a list or detail screen does not render', () => {
    for (const name of [
      'ImportScreen',
      'History',
      'Dialog',
      'ConfirmDialog',
      'ActionDialog',
      'DocumentPicker',
      'useDocumentUpload',
      'FormikForm',
      'Form',
      'PersonSelect',
      'CreateScreen',
    ]) {
      expect(kit).not.toHaveProperty(name);
      expect(ui).toHaveProperty(name);
    }
  });
});

// `@duly/shared/form-kit`: the form parts, filed by the shell with formik and yup.
describe('@duly/shared/form-kit', () => {
  it('exports the very objects `/ui` exports under the same names', () => {
    const names = Object.keys(formKit);
    expect(names).toEqual(expect.arrayContaining(['Form', 'FormikForm', 'SignInFields']));
    const differing = names.filter(
      (name) =>
        (ui as Record<string, unknown>)[name] !== (formKit as Record<string, unknown>)[name],
    );
    expect(differing).toEqual([]);
  });
});
