import { reminderOffsetsProblem, sortedOffsets } from '@duly/shared/contract';
import type { InputCheck } from '../../lib/input';

/** Reminder offsets checked with the catalogue's rule (@duly/shared), largest first. */
export function checkedOffsets(check: InputCheck, offsets: number[], path: string): number[] {
  const problem = reminderOffsetsProblem(offsets);
  if (problem) check.fail(path, problem);
  return sortedOffsets(offsets);
}
