import styled from 'styled-components';
import { Button, Dialog, LoadingState } from '@duly/shared/ui';
import { useTeamDocumentPreviewUrlQuery, type QueuedDocument } from '../api';
import { theme } from '@duly/shared/kit';

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: min(70vh, 640px);
  border: 1px solid ${theme.colors.divider};
  border-radius: ${theme.radii.control};
`;

const Image = styled.img`
  display: block;
  max-width: 100%;
  max-height: min(70vh, 640px);
  margin: 0 auto;
  object-fit: contain;
`;

const Failure = styled.p`
  margin: 0;
  color: ${theme.colors.error};
`;

export interface PreviewDialogProps {
  document: QueuedDocument;
  onClose: () => void;
}

/**
 * The document itself, through a signed URL that works for a few minutes without the
 * Authorization header: an image inline, a PDF in the browser's own viewer; Download saves it.
 */
export function PreviewDialog({ document, onClose }: PreviewDialogProps) {
  const { data, isError } = useTeamDocumentPreviewUrlQuery(document.id);
  return (
    <Dialog
      open
      size="medium"
      title={document.filename}
      onClose={onClose}
      actions={
        <>
          {data ? (
            <Button as="a" variant="secondary" href={`${data.url}?download=1`} download>
              Download
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {isError ? (
        <Failure role="alert">The document could not be opened. Please try again.</Failure>
      ) : !data ? (
        <LoadingState>Loading document...</LoadingState>
      ) : document.content_type.startsWith('image/') ? (
        <Image src={data.url} alt={`${document.filename} of ${document.certificate_name}`} />
      ) : (
        <Frame src={data.url} title={`${document.filename} of ${document.certificate_name}`} />
      )}
    </Dialog>
  );
}
