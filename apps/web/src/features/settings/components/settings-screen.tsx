import { useQuery } from '@tanstack/react-query';
import type { UpdateSettingsRequest } from '@wadesk/contract';
import {
  settingsQuery,
  useRenameOrganisation,
  useUpdateSettings,
} from '@/features/settings/api/settings-queries';
import { SETTINGS_TEXTS as T } from '@/features/settings/utils/settings-texts';
import { useAuth } from '@/shared/account/auth-context';
import { useCan } from '@/shared/account/permissions';
import { RoleNotice } from '@/shared/account/role-notice';
import { errorMessage } from '@/shared/api/api-error';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { AckPhrasesSection } from './ack-phrases-section';
import { BusinessHoursSection } from './business-hours-section';
import { LifecycleSection } from './lifecycle-section';
import { OrganisationSection } from './organisation-section';
import { SatisfactionSection } from './satisfaction-section';
import { type PolicyLabel, SlaPoliciesSection } from './sla-policies-section';
import { UnansweredSection } from './unanswered-section';

/** The organisation's settings: a column of sections, each saved on its own. `labels`: for SLA policies. */
export function SettingsScreen({ labels = [] }: { labels?: readonly PolicyLabel[] }) {
  const edit = useCan('editSettings');
  const canEdit = edit.allowed;
  const settings = useQuery(settingsQuery());
  const saving = useUpdateSettings();
  const { user } = useAuth();
  const rename = useCan('renameOrganisation');
  const renaming = useRenameOrganisation();

  // `saved` runs once the server took it: a section with much to lose keeps its draft until then.
  const save = (body: UpdateSettingsRequest, saved?: () => void) =>
    saving.mutate(body, {
      onSuccess: () => {
        saved?.();
        toast.success(T.saved);
      },
      onError: (error) => toast.error(errorMessage(error, T.saveFailed)),
    });
  const saveName = (name: string) =>
    renaming.mutate(name, {
      onSuccess: (answer) => toast.success(T.renamed(answer.name)),
      onError: (error) => toast.error(errorMessage(error, T.renameFailed)),
    });
  const busy = (...fields: (keyof UpdateSettingsRequest)[]) =>
    saving.isPending && fields.some((field) => saving.variables?.[field] !== undefined);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={T.title} description={T.description} />
      <RoleNotice reason={edit.reason} />
      {settings.data ? (
        <div className="flex flex-col gap-4 sm:gap-6">
          {user?.organisation_name !== undefined ? (
            <OrganisationSection
              saved={user.organisation_name}
              rename={rename}
              saving={renaming.isPending}
              onSave={saveName}
            />
          ) : null}
          <AckPhrasesSection
            saved={settings.data.ack_phrases}
            canEdit={canEdit}
            saving={busy('ack_phrases')}
            onSave={(ack_phrases) => save({ ack_phrases })}
          />
          <UnansweredSection
            saved={settings.data.unanswered_minutes}
            canEdit={canEdit}
            saving={busy('unanswered_minutes')}
            onSave={(unanswered_minutes) => save({ unanswered_minutes })}
          />
          <LifecycleSection
            autoPending={settings.data.auto_pending}
            reopenDays={settings.data.reopen_days}
            canEdit={canEdit}
            savingPending={busy('auto_pending')}
            savingDays={busy('reopen_days')}
            onSavePending={(auto_pending) => save({ auto_pending })}
            onSaveDays={(reopen_days) => save({ reopen_days })}
          />
          <SatisfactionSection
            on={settings.data.satisfaction_poll}
            canEdit={canEdit}
            saving={busy('satisfaction_poll')}
            onSave={(satisfaction_poll) => save({ satisfaction_poll })}
          />
          <BusinessHoursSection
            saved={settings.data.business_hours}
            savedReply={{
              on: settings.data.out_of_hours_reply,
              message: settings.data.out_of_hours_message,
            }}
            canEdit={canEdit}
            saving={busy('business_hours', 'out_of_hours_reply', 'out_of_hours_message')}
            onSave={save}
          />
          <SlaPoliciesSection
            saved={settings.data.sla_policies}
            savedWarning={settings.data.sla_warning_minutes}
            labels={labels}
            canEdit={canEdit}
            saving={busy('sla_policies', 'sla_warning_minutes')}
            onSave={save}
          />
        </div>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(settings.error, T.loadFailed)}
        </p>
      ) : (
        <div className="flex justify-center py-12">
          <Spinner label="Loading settings" />
        </div>
      )}
    </div>
  );
}
