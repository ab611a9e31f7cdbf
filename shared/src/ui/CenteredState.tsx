import styled from 'styled-components';
import { theme } from './theme';

/** The common frame of the loading, empty and error states: centred in the content area. */
export const CenteredState = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(2)};
  min-height: 200px;
  padding: ${theme.space(4, 2)};
  text-align: center;
  color: ${theme.colors.textSecondary};
`;

export const StateMessage = styled.p`
  margin: 0;
  max-width: 480px;
`;
