// The operator feature's public module (docs/decisions.md D73): its routes, and the CLI's commands.
export { operatorRoutes } from './operator.routes.js';
export { addOperator, removeOperator, OperatorCommandError } from './operator.cli.js';
export { verifyPrefixByCli } from './operator-prefixes.service.js';
