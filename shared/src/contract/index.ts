// React-free part of @duly/shared: safe to import from the API server.
export * from './types';
export * from './constants';
export * from './dates';
export * from './email';
export * from './status';
export * from './initials';
export * from './schemas';
export * from './personName';
export * from './activity';
export * from './roles';
export * from './certificateTypes';
export * from './complianceLinks';
export * from './paths';
export * from './text';
export * from './spreadsheets';
