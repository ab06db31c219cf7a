import { faultBattery } from '../../test/helpers/fault-battery.js';
import { trajectoryChecks as checks } from './index.js';

faultBattery('trajectories', checks);
