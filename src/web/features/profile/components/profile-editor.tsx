import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BIO_MAX_LENGTH, USERNAME_MAX_LENGTH } from '#shared/constants.ts';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import { profileFormSchema } from '#shared/schemas/profile-update.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input, Textarea } from '#web/components/ui/field.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { sessionManager } from '#web/lib/auth/session.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useOnline } from '#web/lib/offline/connectivity.ts';
import { useUpdateProfile } from '../api/profile.ts';

type FormInput = z.input<typeof profileFormSchema>;
type FormOutput = z.output<typeof profileFormSchema>;

interface ProfileEditorProps {
  profile: PublicProfile;
  onDone: () => void;
  onSaved?: (profile: PublicProfile) => void;
  /** The field to start in (the dashboard's nudge opens the editor at what is missing). */
  focus?: 'username' | 'bio' | undefined;
}

/** The profile editor (product §2): loaded when the edit toggle is first pressed, with its form library. */
export default function ProfileEditor({ profile, onDone, onSaved, focus }: ProfileEditorProps) {
  const update = useUpdateProfile(profile.id, onSaved);
  // A save needs the server (product D15): offline the form keeps what was typed and waits.
  const online = useOnline();
  const switchId = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { username: profile.username ?? '', bio: profile.bio ?? '', show_email: profile.email !== null },
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (focus) form.setFocus(focus);
  }, [form, focus]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      notifySuccess('Success', 'Profile updated successfully');
      sessionManager().notifyUserUpdated();
      onDone();
    } catch {
      // The mutation's meta raises the toast; the form keeps what was typed.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field label="Username" error={errors.username?.message}>
        {(field) => (
          <Input
            {...field}
            {...form.register('username')}
            autoComplete="nickname"
            maxLength={USERNAME_MAX_LENGTH + 10}
          />
        )}
      </Field>
      <Field label="Bio" error={errors.bio?.message}>
        {(field) => <Textarea {...field} {...form.register('bio')} rows={3} maxLength={BIO_MAX_LENGTH + 50} />}
      </Field>
      <div className="flex items-center justify-between gap-4 rounded-xl border border-border bg-surface-2/60 p-3.5">
        <label htmlFor={switchId} className="text-sm font-medium">
          Show my e-mail on the community page
        </label>
        <Controller
          control={form.control}
          name="show_email"
          render={({ field }) => <Switch id={switchId} checked={field.value} onCheckedChange={field.onChange} />}
        />
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={update.isPending || !online}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
