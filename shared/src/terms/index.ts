export * from './placeholders';
export * from './clauses';
export * from './seed-clauses';
export * from './generate';
export * from './messages';
export * from './lexical';
export * from './skill-purchase';
