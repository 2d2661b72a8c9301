import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

type Props = { to: string; children: ReactNode; type?: ButtonProps['type']; size?: ButtonProps['size']; block?: boolean };

/** A button that is a real link (href, open in a new tab) and navigates inside the app. */
export function LinkButton({ to, children, type = 'primary', size = 'large', block }: Props) {
  const navigate = useNavigate();
  return (
    <Button
      type={type}
      size={size}
      block={block}
      href={to}
      onClick={(event) => {
        event.preventDefault();
        void navigate(to);
      }}
    >
      {children}
    </Button>
  );
}
