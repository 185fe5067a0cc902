import type { SignupBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const signup = (body: SignupBody) =>
  api<{ detail: string; user: { id: number; username: string } }>("/api/auth/signup/", {
    method: "POST",
    json: body,
  });

export const useSignup = () => useMutation({ mutationFn: signup });
