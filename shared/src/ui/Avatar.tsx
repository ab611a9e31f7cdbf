import styled from 'styled-components';
import { AVATAR_SIZE_PX } from '../contract/constants';
import { initials } from '../contract/initials';
import { PersonIcon } from './icons';
import { theme } from './theme';

function letterScale(letters: number): number {
  if (letters <= 2) return 0.42;
  return letters === 3 ? 0.34 : 0.28;
}

const Disc = styled.span<{ $size: number; $letters: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${theme.radii.round};
  overflow: hidden;
  background: ${theme.colors.avatarBackground};
  color: ${theme.colors.avatarText};
  /* Two letters at about 40 % of the disc (13 px at 32 px); longer names shrink to fit. */
  font-size: ${({ $size, $letters }) => Math.round($size * letterScale($letters))}px;
  font-weight: ${theme.fontWeights.semibold};
  line-height: 1;
  letter-spacing: 0.02em;
  user-select: none;
`;

export interface AvatarProps {
  /** The person's full name: the disc shows its initials, or a person icon when empty. */
  name?: string | null;
  /** Diameter in px (AVATAR_SIZE_PX, 32, by default). */
  size?: number;
}

/** A round avatar with the initials of the name (first letter of each word, upper-cased). */
export function Avatar({ name, size = AVATAR_SIZE_PX }: AvatarProps) {
  const letters = initials(name);
  return (
    <Disc role="img" aria-label={name?.trim() || 'User'} $size={size} $letters={letters.length}>
      {letters ? (
        <span aria-hidden="true">{letters}</span>
      ) : (
        <PersonIcon size={Math.round(size * 0.75)} />
      )}
    </Disc>
  );
}
