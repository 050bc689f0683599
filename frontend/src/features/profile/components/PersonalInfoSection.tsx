import { useMemo, useRef, useState, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { useSWRConfig } from 'swr';
import { Alert } from '../../../components/feedback/Alert';
import { PasswordField } from '../../../components/form/PasswordField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { pickFieldErrors, serverMessageOr } from '../../../lib/serverErrors';
import { USER_KEY, useSessionUser } from '../../../lib/session';
import {
  DEFAULT_GENDER,
  GENDERS,
  isGender,
  updateUser,
  type ProfileUser,
} from '../api/profileApi';
import { emailChanged, personalSchemaFor, todayIso, type PersonalValues } from '../schemas';
import { SectionCard, SectionLoadError, SectionSkeleton } from '../../../components/layout/SectionCard';
import { SelectField } from '../../../components/form/SelectField';
import '../profile.css';

export const PROFILE_UPDATE_FAILURE = 'Failed to update your profile. Please try again.';

type Field = keyof PersonalValues;
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'email', 'currentPassword', 'dateOfBirth', 'gender'];

function valuesOf(user: ProfileUser): PersonalValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    dateOfBirth: user.dateOfBirth ?? '',
    gender: isGender(user.gender) ? user.gender : DEFAULT_GENDER,
    currentPassword: '',
  };
}

export function PersonalInfoSection(): ReactElement {
  const { user, error, retry } = useSessionUser();
  return (
    <SectionCard
      id="profile-personal"
      title="Personal Information"
      icon="profile"
      description="Your name, contact email and details used in your health reports."
    >
      {user ? (
        <PersonalForm user={user} />
      ) : error ? (
        <SectionLoadError what="personal information" onRetry={retry} />
      ) : (
        <SectionSkeleton label="Loading personal information…" rows={4} />
      )}
    </SectionCard>
  );
}

function PersonalForm({ user }: { user: ProfileUser }): ReactElement {
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const initialValues = useMemo(() => valuesOf(user), [user]);
  const validationSchema = useMemo(() => personalSchemaFor(user.email), [user.email]);

  const formik = useFormik<PersonalValues>({
    initialValues,
    enableReinitialize: true,
    validationSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const answer = await updateUser({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          dateOfBirth: values.dateOfBirth === '' ? null : values.dateOfBirth,
          gender: isGender(values.gender) ? values.gender : DEFAULT_GENDER,
          // Only an address change asks for it (the server refuses one without it).
          ...(emailChanged(values.email, user.email) ? { currentPassword: values.currentPassword } : {}),
        });
        await mutate(USER_KEY, answer.user, { revalidate: false });
        setPendingEmail(answer.emailChangePending);
        helpers.resetForm({ values: valuesOf(answer.user) });
        toast({ title: 'Profile saved', description: answer.message });
      } catch (err) {
        if (isApiError(err)) helpers.setErrors(pickFieldErrors(err, FIELDS));
        const message = serverMessageOr(err, PROFILE_UPDATE_FAILURE);
        setFailure(message);
        toast({ variant: 'destructive', title: 'Profile not saved', description: message });
      }
    },
  });
  const fieldError = useFieldErrors(formik, formRef);
  const changingEmail = emailChanged(formik.values.email, user.email);

  return (
    <form ref={formRef} className="form profile-form" noValidate onSubmit={formik.handleSubmit} aria-label="Personal information">
      {failure ? (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      ) : null}
      {pendingEmail ? (
        <Alert variant="info" role="status" title="Confirm your new email address">
          We sent a link to <strong>{pendingEmail}</strong>. Your email address changes once you open it; until then we
          keep using {user.email}.
        </Alert>
      ) : null}

      <div className="profile-grid">
        <TextField
          id="profile-first-name"
          name="firstName"
          label="First name"
          autoComplete="given-name"
          value={formik.values.firstName}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('firstName')}
        />
        <TextField
          id="profile-last-name"
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          value={formik.values.lastName}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('lastName')}
        />
        <TextField
          id="profile-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          inputMode="email"
          className="profile-grid-wide"
          hint="A new address is confirmed by an emailed link before it replaces the current one."
          value={formik.values.email}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('email')}
        />
        {changingEmail ? (
          <PasswordField
            id="profile-current-password"
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            className="profile-grid-wide"
            hint="Changing your email address needs your password. We will also tell your current address, with a link to undo the change."
            value={formik.values.currentPassword}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={fieldError('currentPassword')}
          />
        ) : null}
        <TextField
          id="profile-date-of-birth"
          name="dateOfBirth"
          type="date"
          label="Date of birth"
          autoComplete="bday"
          max={todayIso()}
          value={formik.values.dateOfBirth}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('dateOfBirth')}
        />
        <SelectField
          id="profile-gender"
          name="gender"
          label="Gender"
          options={GENDERS}
          value={formik.values.gender}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('gender')}
        />
      </div>

      <div className="profile-actions">
        <p className="profile-actions-note text-muted text-sm">Names, date of birth and gender are optional.</p>
        <SubmitButton pending={formik.isSubmitting} pendingLabel="Saving..." disabled={!formik.dirty}>
          Save changes
        </SubmitButton>
      </div>
    </form>
  );
}
