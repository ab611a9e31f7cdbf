import {
  personName,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  type TeamMember,
} from '@duly/shared';

/** Team Members (spec 2): Name and Email. */
export function TeamMembersTable({ members }: { members: readonly TeamMember[] }) {
  return (
    <Table aria-label="Team Members" minWidth="320px">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Email</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {members.map((member) => (
          <TableRow key={member.id}>
            {/* A user without a name yet is still someone to assign work to. */}
            <TableCell>{personName(member) || '—'}</TableCell>
            <TableCell>{member.email}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
