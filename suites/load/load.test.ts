import { faultBattery } from '../../test/helpers/fault-battery.js';
import { loadChecks as checks } from './index.js';

faultBattery('load', checks);
