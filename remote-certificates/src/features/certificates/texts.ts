/** The texts of a certificate page's states, shared by its detail and edit screens. */
export const CERTIFICATE_TEXTS = {
  loading: 'Loading certificate...',
  notFound: 'Certificate not found',
  error: 'Error loading certificate. Please try again later.',
};

/** The way back from a certificate's pages to the list. */
export const BACK_TO_CERTIFICATES = { to: '/certificates', label: 'Back to Certificates' };
