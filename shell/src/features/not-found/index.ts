export { NotFoundScreen, NOT_FOUND_TEXT } from './NotFoundScreen';
