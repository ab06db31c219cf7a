import { faultBattery } from '../../test/helpers/fault-battery.js';
import { recordChecks as checks } from './index.js';

faultBattery('records', checks);
