import { Spinner } from '../../components/ui/spinner';
import { useGuard } from '../../lib/guards';

export default function RegisterPage() {
  const { isAllowed } = useGuard('register');
  if (!isAllowed)
    return (
      <div className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Register</h1>
    </div>
  );
}
