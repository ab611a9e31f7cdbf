import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from './theme';

/**
 * The label-and-value list of a detail page (a task, a certificate, a person): labels in a
 * column beside their values on wide screens, each label above its value on small ones.
 */
export const DetailList = styled.dl`
  display: grid;
  grid-template-columns: minmax(140px, max-content) 1fr;
  align-items: baseline;
  gap: ${theme.space(1.5, 3)};
  margin: 0;

  ${theme.media.narrow} {
    grid-template-columns: 1fr;
    gap: ${theme.space(0.5)};
  }
`;

export const DetailLabel = styled.dt`
  color: ${theme.colors.textSecondary};
  font-weight: ${theme.fontWeights.medium};

  ${theme.media.narrow} {
    margin-top: ${theme.space(1)};
  }
`;

export const DetailValue = styled.dd`
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
`;

/** A value that keeps the line breaks a person typed (a description). */
export const DetailText = styled(DetailValue)`
  white-space: pre-wrap;
`;

/** One line of a DetailFields list. */
export interface DetailField {
  label: string;
  value: ReactNode;
  /** A text a person typed (a description): its line breaks are kept. */
  text?: boolean;
}

/**
 * A detail page's fields from a list (`false` leaves one out): the DetailList of their labels
 * and values.
 */
export function DetailFields({
  fields,
}: {
  fields: readonly (DetailField | false | null | undefined)[];
}) {
  return (
    <DetailList>
      {fields.map((field) => {
        if (!field) return null;
        const Value = field.text ? DetailText : DetailValue;
        return (
          <Fragment key={field.label}>
            <DetailLabel>{field.label}</DetailLabel>
            <Value>{field.value}</Value>
          </Fragment>
        );
      })}
    </DetailList>
  );
}
