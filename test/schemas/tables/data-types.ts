/** @module The tables of the interface's data types (§2.1–§2.5): records, training job, trajectory, chat message. */
import { CHAT_REQUEST, type Table } from './table.js';

const PREDICTION_FIELDS = ['prediction_id', 'model', 'inputs', 'output', 'evaluation_run_id', 'svc_user_id'];
const SCORE_FIELDS = ['score_id', 'scorer', 'value', 'evaluation_run_id', 'svc_user_id'];

/** §2.4: the fields of a trajectory, wherever a request carries trajectory groups. */
export const TRAJECTORY_FIELDS: readonly string[] = [
  'messages_and_choices',
  'tools',
  'additional_histories',
  'reward',
  'initial_policy_version',
  'final_policy_version',
  'metrics',
  'metadata',
  'logs',
  'start_time',
];

/** One table per §2 data type, and the §2.5 message as the §4.1 request carries it. */
export const DATA_TYPE_TABLES: readonly Table[] = [
  {
    section: '§2.1 Prediction',
    schema: 'records/prediction',
    path: '',
    exact: true,
    fields: PREDICTION_FIELDS,
  },
  {
    section: '§2.1 Prediction (list element, §4.5)',
    schema: 'records/prediction-list',
    path: '',
    fields: PREDICTION_FIELDS,
  },
  {
    section: '§2.2 Score',
    schema: 'records/score',
    path: '',
    exact: true,
    fields: SCORE_FIELDS,
  },
  {
    section: '§2.2 Score (list element, §4.7)',
    schema: 'records/score-list',
    path: '',
    fields: SCORE_FIELDS,
  },
  { section: '§2.3 Training job', schema: 'training/training-job', path: '', exact: true, fields: ['id'] },
  {
    section: '§2.4 Trajectory group',
    schema: 'training/trajectory-group',
    path: '',
    exact: true,
    fields: ['trajectories'],
  },
  {
    section: '§2.4 Trajectory',
    schema: 'training/trajectory',
    path: '',
    exact: true,
    fields: TRAJECTORY_FIELDS,
  },
  {
    section: '§2.4 Trajectory tool',
    schema: 'training/trajectory',
    path: 'tools',
    exact: true,
    fields: ['type', 'function'],
  },
  {
    section: '§2.4 Trajectory tool function',
    schema: 'training/trajectory',
    path: 'tools.function',
    exact: true,
    fields: ['name', 'description', 'parameters', 'strict'],
  },
  {
    section: '§2.5 Chat message',
    schema: 'chat/chat-message',
    path: '',
    exact: true,
    fields: ['content', 'role', 'name'],
  },
  {
    section: '§2.5 Chat message (in the §4.1 request)',
    schema: CHAT_REQUEST,
    path: 'messages',
    fields: ['content', 'role', 'name'],
  },
];
