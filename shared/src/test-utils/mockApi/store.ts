import type {
  ActivityEntry,
  Certificate,
  Employee,
  Organization,
  PersonRef,
  Task,
} from '../../contract/types';
import type { CertificateDocument } from '../../api/documents';
import { personRef } from '../fixtures';
import { TEST_USER_CLAIMS } from '../tokens';
import type { LoggedRequest, MockAccount, MockApiData } from './types';

export const TEST_PASSWORD = 'correct-password';

/** The mock API's data, shared by every resource's handlers (a write of one shows in another). */
export interface MockStore {
  data: MockApiData;
  tasks: Map<string, Task>;
  certificates: Map<string, Certificate>;
  employees: Map<string, Employee>;
  organizations: Map<string, Organization>;
  documents: Map<string, CertificateDocument>;
  /** Newest first, as GET /activity answers. */
  activity: ActivityEntry[];
  accounts: MockAccount[];
  /** Whose "my" lists /employee/* answer and who creates and assigns. */
  userId: string;
  requests: LoggedRequest[];
}

/** Copies of the rows, so a test's fixtures are never changed by the writes it makes. */
function byId<T extends { id: string }>(rows: T[] = []): Map<string, T> {
  return new Map(rows.map((row) => [row.id, { ...row }]));
}

export function createStore(data: MockApiData): MockStore {
  return {
    data,
    tasks: byId(data.tasks),
    certificates: byId(data.certificates),
    employees: byId(data.employees),
    organizations: byId(data.organizations),
    documents: byId(data.documents),
    activity: [...(data.activity ?? [])].sort((a, b) => b.id - a.id),
    accounts: data.accounts ?? [
      {
        email: TEST_USER_CLAIMS.email,
        password: TEST_PASSWORD,
        user: { ...TEST_USER_CLAIMS, id: TEST_USER_CLAIMS.sub, role: 'admin' },
      },
    ],
    userId: data.userId ?? TEST_USER_CLAIMS.sub,
    requests: [],
  };
}

/** The person an id names, as the API embeds them (`assigned_to`, `assigner`). */
export function personOf(store: MockStore, id: string | null | undefined): PersonRef | undefined {
  if (!id) return undefined;
  const person = store.employees.get(id);
  return person ? personRef(person) : undefined;
}
