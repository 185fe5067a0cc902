import type { DeleteAccountBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../../lib/api-client";
import { forgetSignedInCook } from "../../../lib/session";

/** Where the home page looks to say the account is gone. */
export interface AccountDeletedState {
  accountDeleted: true;
}

/**
 * Deletes the signed-in cook's account (`DELETE /api/users/me/`), then signs out on the device
 * and goes home, which says it is done. `forgetDeviceData` clears what the features keep on
 * the device, as at sign-out (the page passes it in).
 */
export function useDeleteAccount(forgetDeviceData: () => Promise<void>) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api<void>("/api/users/me/", { method: "DELETE", json: body }),
    onSuccess: async () => {
      await forgetDeviceData();
      await forgetSignedInCook();
      const state: AccountDeletedState = { accountDeleted: true };
      navigate("/", { replace: true, state });
    },
  });
}
