import { lazy, Suspense, useState } from 'react';
import { Button } from '@duly/shared/kit';

// The form (the kit's dialog, form fields and document upload) loads when the dialog first
// opens: the employee dashboard's start-up carries only the button (issue 32).
const UploadDialog = lazy(async () => ({ default: (await import('./UploadDialog')).UploadDialog }));

/**
 * "Upload certificate" of the employee dashboard (issue 26): a renewed document of one of
 * their certificates with its new dates (pending until a manager approves it, when the
 * organisation asks for approval), or a new certificate with its document.
 */
export function UploadCertificate() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Upload certificate</Button>
      {open ? (
        <Suspense fallback={null}>
          <UploadDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
