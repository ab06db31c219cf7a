/** @module The tables of the training operations (§4.2–§4.4): the job request and answer, the trajectory log. */
import { TRAJECTORY_FIELDS } from './data-types.js';
import type { Table } from './table.js';

/** §4.2 `experimental_config`, in the spec schema and in the convention overlay alike. */
const EXPERIMENTAL_CONFIG_FIELDS: readonly string[] = [
  'advantage_balance',
  'epsilon',
  'epsilon_high',
  'importance_sampling_level',
  'k2_tau',
  'learning_rate',
  'mask_prob_ratio',
  'max_negative_advantage_importance_sampling_weight',
  'ppo',
  'precalculate_logprobs',
  'scale_rewards',
];

/** §4.2 create request and §4.2/§4.3 answer, §4.4 log request. */
export const TRAINING_TABLES: readonly Table[] = [
  {
    section: '§4.2 Request body',
    schema: 'training/training-job-create-request',
    path: '',
    exact: true,
    fields: ['model_id', 'trajectory_groups', 'experimental_config'],
  },
  {
    section: '§4.2 Request trajectory groups (§2.4)',
    schema: 'training/training-job-create-request',
    path: 'trajectory_groups.trajectories',
    fields: TRAJECTORY_FIELDS,
  },
  {
    section: '§4.2 experimental_config',
    schema: 'training/training-job-create-request',
    path: 'experimental_config',
    exact: true,
    fields: EXPERIMENTAL_CONFIG_FIELDS,
  },
  {
    section: '§4.2 experimental_config (convention overlay)',
    schema: 'conventions/training-job-create-request',
    path: 'experimental_config',
    exact: true,
    fields: EXPERIMENTAL_CONFIG_FIELDS,
  },
  { section: '§4.2/§4.3 Response', schema: 'training/training-job', path: '', fields: ['id'] },
  {
    section: '§4.4 Request body',
    schema: 'training/log-trajectories-request',
    path: '',
    exact: true,
    fields: ['split', 'trajectory_groups'],
  },
  {
    section: '§4.4 Request trajectory groups (§2.4)',
    schema: 'training/log-trajectories-request',
    path: 'trajectory_groups.trajectories',
    fields: TRAJECTORY_FIELDS,
  },
];
