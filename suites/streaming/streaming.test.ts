import { faultBattery } from '../../test/helpers/fault-battery.js';
import { streamingChecks } from './index.js';

faultBattery('streaming', streamingChecks);
