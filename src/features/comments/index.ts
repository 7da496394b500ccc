// The comments feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export {
  AUTHOR_COMMENT_COLUMNS,
  CODE_COMMENT_COLUMNS,
  commentsByAuthorPage,
  commentsOfCode,
  disownComments,
} from './personal-data.js';
