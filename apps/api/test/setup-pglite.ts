import type { TestProject } from 'vitest/node';
import { setupPglite } from './database-setup.ts';

export default (project: TestProject) => setupPglite(project);
