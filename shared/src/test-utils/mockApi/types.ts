import type {
  ActivityEntry,
  AuthUser,
  Certificate,
  CertificateType,
  DashboardResponse,
  Employee,
  Organization,
  Task,
} from '../../contract/types';
import type { CertificateDocument } from '../../api/documents';

export interface LoggedRequest {
  method: string;
  /** The path under the API base: `/tasks/`, `/tasks/<id>`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A login the auth handlers accept. */
export interface MockAccount {
  email: string;
  password: string;
  user: AuthUser;
}

export interface MockApiData {
  tasks?: Task[];
  /** The history GET /activity answers from (newest first, filtered by entity_id). */
  activity?: ActivityEntry[];
  certificates?: Certificate[];
  /** Documents of the certificates (issue 26): GET/POST /certificates/{id}/documents/ and /documents/*. */
  documents?: CertificateDocument[];
  /** The catalogue GET /certificate-types/ answers (issue 28). */
  certificateTypes?: CertificateType[];
  employees?: Employee[];
  organizations?: Organization[];
  /** A fixed dashboard answer; without it the counts are computed from the data. */
  dashboard?: DashboardResponse;
  /** Logins POST /auth/login accepts. Default: the test user with password `correct-password`. */
  accounts?: MockAccount[];
  /** Whose "my" lists /employee/* answer. Default: the test user. */
  userId?: string;
}

export type MockResource =
  | 'tasks'
  | 'certificates'
  | 'employees'
  | 'manager'
  | 'employee'
  | 'dashboard'
  | 'organizations'
  | 'auth'
  | 'activity';
