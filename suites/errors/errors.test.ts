import { faultBattery } from '../../test/helpers/fault-battery.js';
import { errorChecks } from './index.js';

faultBattery('errors', errorChecks);
