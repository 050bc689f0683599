export interface LoginPayload {
  username: string;
  password: string;
  redirect: string;
}

export interface RegisterPayload {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  redirect: string;
}

export interface MessageResponse {
  message: string;
}

export interface RegisterResponse {
  message: string;
  email?: string;
}

export interface ResetTokenStatus {
  valid: boolean;
  message?: string;
}
