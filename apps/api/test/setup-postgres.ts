import type { TestProject } from 'vitest/node';
import { setupPostgres } from './database-setup.ts';

export default (project: TestProject) => setupPostgres(project);
