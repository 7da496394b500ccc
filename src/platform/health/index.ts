// The health module's public face: the database check GET /v1/health answers with, for the operator's health screen.
export { checkDatabase, type DatabaseCheck } from './database-check.js';
