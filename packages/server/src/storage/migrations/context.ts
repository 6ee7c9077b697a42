export type Dialect = 'sqlite' | 'postgres';

export interface MigrationContext {
  dialect: Dialect;
}
