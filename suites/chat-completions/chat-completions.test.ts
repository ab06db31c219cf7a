import { describe } from 'vitest';
import { faultBattery } from '../../test/helpers/fault-battery.js';
import { chatCompletionChecks } from './index.js';
import { priorityFollowsScheduling } from './rules.checks.js';

describe('target without priority scheduling (the default)', () => {
  faultBattery('chat-completions', chatCompletionChecks);
});

// §7.1 has two branches; the second is proven against a mock that schedules by priority.
describe('target declared with priority scheduling', () => {
  faultBattery('chat-completions', [priorityFollowsScheduling], {
    mock: { priorityScheduling: true },
    target: { priorityScheduling: true },
  });
});
