import styled from 'styled-components';
import { theme } from '../theme';

/** The actions row at the bottom right of a form: secondary first, then the primary. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space(1)};
  margin-top: ${theme.space(1)};
`;
