// The error of a release, a rollback or the release lock that the command prints as a sentence
// (anything else is a bug, printed with its stack).
class ReleaseError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ReleaseError';
  }
}

module.exports = { ReleaseError };
