import { faultBattery } from '../../test/helpers/fault-battery.js';
import { authChecks } from './index.js';

faultBattery('auth', authChecks);
