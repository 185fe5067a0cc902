import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../../lib/api-client";
import { forgetSignedInCook } from "../../../lib/session";

/**
 * Signs out. `forgetDeviceData` clears what the features keep on the device (the app passes
 * it in: auth does not know the other features' stores).
 */
export function useLogout(forgetDeviceData: () => Promise<void>) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<void>("/api/auth/logout/", { method: "POST" }),
    onSuccess: async () => {
      await forgetDeviceData();
      await forgetSignedInCook();
      navigate("/login");
    },
    onError: (error) => console.error("Logout failed", error),
  });
}
