import type { AuthUser, MemberRole } from '@wadesk/contract';
import { PROFILE_TEXTS as T } from '@/features/auth/utils/profile-texts';
import { useAuth } from '@/shared/account/auth-context';
import { fullName } from '@/shared/format/person-name';
import { Avatar } from '@/shared/ui/avatar';
import { PageHeader } from '@/shared/ui/page-header';
import { ChangePasswordSection } from './change-password-section';
import { ProfileNameSection } from './profile-name-section';
import { TimeZoneSection } from './time-zone-section';
import { WeeklyDigestSection } from './weekly-digest-section';

const ROLE_NAMES: Record<MemberRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** Who is signed in, and where: the account the page changes. */
function AccountSummary({ user }: { user: AuthUser }) {
  return (
    <div className="mb-4 flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:mb-6 sm:p-6">
      <Avatar name={fullName(user)} className="size-12 text-base" />
      <div className="min-w-0">
        <p className="truncate text-base font-semibold text-slate-900">{fullName(user)}</p>
        <p className="truncate text-sm text-slate-600">{user.email}</p>
        <p className="mt-0.5 truncate text-sm text-slate-500">
          {ROLE_NAMES[user.role]}
          {user.organisation_name ? ` · ${user.organisation_name}` : ''}
        </p>
      </div>
    </div>
  );
}

/** The signed-in member's own account: name, time zone, password. */
export function ProfileScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={T.title} description={T.description} />
      <AccountSummary user={user} />
      <div className="flex flex-col gap-4 sm:gap-6">
        <ProfileNameSection user={user} />
        <TimeZoneSection saved={user.time_zone ?? null} />
        {user.role !== 'member' && <WeeklyDigestSection on={user.weekly_digest !== false} />}
        <ChangePasswordSection email={user.email} hasPassword={user.has_password !== false} />
      </div>
    </div>
  );
}
