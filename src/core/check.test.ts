/** A check's schedule: checked and frozen with the check, read by the likely-requests estimate. */
import { expect, test } from 'vitest';
import { defineCheck, likelyRequestsOf, propertyRequests, type CheckSchedule } from './check.js';
import { pass } from './result.js';

const withSchedule = (schedule: CheckSchedule) =>
  defineCheck({
    id: 'core.scheduled',
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'r',
    run: async () => pass(),
    schedule,
  });

test('a schedule that shares cases with something not a check id is refused', () => {
  expect(() => withSchedule({ sharesCasesWith: 'Not An Id' })).toThrow(/sharesCasesWith "Not An Id" is not a check id/);
  expect(withSchedule({ sharesCasesWith: 'core.other' }).schedule?.sharesCasesWith).toBe('core.other');
});

test("the schedule is frozen with the check, so the catalogue's costs cannot change under a run", () => {
  const check = withSchedule({ start: 'first', maxRequests: () => 1 });
  expect(Object.isFrozen(check)).toBe(true);
  expect(Object.isFrozen(check.schedule)).toBe(true);
});

test('the likely requests read the schedule: its own likelyRequests, a property its floor, nothing one', () => {
  expect(likelyRequestsOf(undefined, 25)).toBe(1);
  expect(likelyRequestsOf({ maxRequests: () => 64, likelyRequests: () => 16 }, 25)).toBe(16);
  expect(likelyRequestsOf({ maxRequests: propertyRequests(1, 40, 2) }, 25)).toBe(7 + 2);
  expect(likelyRequestsOf({ maxRequests: propertyRequests(1, 40, 2) }, 25, true)).toBe(2);
});
