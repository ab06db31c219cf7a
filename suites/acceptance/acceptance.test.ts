import { faultBattery } from '../../test/helpers/fault-battery.js';
import { acceptanceChecks } from './index.js';

faultBattery('acceptance', acceptanceChecks);
