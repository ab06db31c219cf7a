/**
 * @module The tables of the §4.3–§4.8 path and query parameters (the §4.5/§4.7 query names are not
 * shown; these are the configured defaults).
 */
import type { Table } from './table.js';

/** The path parameters, and the §4.5/§4.7 listing query. */
export const PARAMETER_TABLES: readonly Table[] = [
  {
    section: '§4.3–§4.8 Path parameters',
    schema: 'params/path-params',
    path: '',
    exact: true,
    fields: ['training_job_id', 'model_id', 'entity', 'project', 'prediction_id', 'score_id'],
  },
  {
    section: '§4.5/§4.7 Query parameters',
    schema: 'params/list-query',
    path: '',
    exact: true,
    fields: ['evaluation_run_id', 'limit', 'offset'],
  },
];
