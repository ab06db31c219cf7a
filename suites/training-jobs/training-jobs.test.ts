import { faultBattery } from '../../test/helpers/fault-battery.js';
import { trainingJobChecks as checks } from './index.js';

faultBattery('training-jobs', checks);
