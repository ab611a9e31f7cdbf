import { MS_PER_DAY, REMINDER_DAY_CHOICES, TIME_ZONE, TOKEN_STORAGE_KEY } from './constants';

describe('business constants', () => {
  it('keep the spec values', () => {
    expect(TIME_ZONE).toBe('Asia/Kolkata');
    expect(TOKEN_STORAGE_KEY).toBe('token');
    expect(REMINDER_DAY_CHOICES).toEqual([1, 3, 7, 15, 30, 60, 90]);
    expect(MS_PER_DAY).toBe(86_400_000);
  });
});
