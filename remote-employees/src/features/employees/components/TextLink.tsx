import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@duly/shared/kit';

/** An in-app link inside text or a table cell: primary text colour (4.5:1 on white), underlined on hover. */
export const TextLink = styled(Link)`
  color: ${theme.colors.primaryText};
  font-weight: ${theme.fontWeights.medium};
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }
`;
