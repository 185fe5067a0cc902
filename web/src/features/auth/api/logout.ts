import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, authKeys } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { authStatusQuery, csrfQuery } from "../../../lib/session";

/**
 * Signs out. `forgetDeviceData` clears what the features keep on the device (the app passes
 * it in: auth does not know the other features' stores).
 */
export function useLogout(forgetDeviceData: () => Promise<void>) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<void>("/api/auth/logout/", { method: "POST" }),
    onSuccess: async () => {
      // Forget everything the signed-in user loaded, then start anonymous.
      await forgetDeviceData();
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== authKeys.all[0],
      });
      queryClient.setQueryData(authStatusQuery.queryKey, { authenticated: false });
      queryClient.setQueryData(csrfQuery.queryKey, undefined);
      await queryClient.refetchQueries({ queryKey: csrfQuery.queryKey });
      navigate("/login");
    },
    onError: (error) => console.error("Logout failed", error),
  });
}
